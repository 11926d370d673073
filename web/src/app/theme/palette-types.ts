/** FitTrack's own palette tokens, added to MUI's palette type by module augmentation (as MUI's templates do). */

/** A leaderboard place's look: the medal, its text, the bar and the row tint. */
export interface MedalColors {
  medal: string;
  ink: string;
  bar: string;
  tint: string;
}

// Features name these tokens in `sx` and never write a colour (web/lint/no-colour-literals.grit).
interface FitPalette {
  /** Soft fills behind highlighted content. */
  tint: Record<'primary' | 'primaryStrong' | 'primaryFaint' | 'success' | 'successBorder' | 'track', string>;
  /** Quiet surfaces inside cards, the segmented control's groove, the top bar. */
  surface: Record<'subtle' | 'muted' | 'accent' | 'accentBorder' | 'bar', string>;
  /** Text and icons on the brand gradients and coloured chips. */
  onBrand: Record<
    'main' | 'muted' | 'faint' | 'soft' | 'softer' | 'outline' | 'hover' | 'dot' | 'ink' | 'raised',
    string
  >;
  /** The logo's square and its stroke. */
  brand: { mark: string; markInk: string };
  gradient: { hero: string; bubble: string; brand: string };
  shadow: Record<'raised' | 'bubble' | 'medal' | 'card' | 'panel' | 'soft', string>;
  medal: { gold: MedalColors; silver: MedalColors; bronze: MedalColors };
  /** Backgrounds behind white metric icons (leaderboards). */
  metric: { reps: string; minutes: string; calories: string };
  /** Activity category icons, drawn on the card's surface. */
  category: { weightlifting: string; cardio: string; bodyweight: string; flexibility: string };
  /** BMI category text (and faint fills of it). */
  bmi: { Underweight: string; Healthy: string; Overweight: string; Obese: string };
  chart: { weight: string; bmi: string };
  /** Avatar backgrounds (white initials keep AA contrast on each, in both schemes). */
  avatar: readonly string[];
}

declare module '@mui/material/styles' {
  interface Palette extends FitPalette {}
  interface PaletteOptions extends Partial<FitPalette> {}
  // `theme.vars` is always there: every theme of the app is built with CSS variables.
  interface CssThemeVariables {
    enabled: true;
  }
}
