/** Each scheme derives its washes, shadows and medals from its own colours by the same recipes. */
import { alpha } from '@mui/material/styles';

const MEDAL_INKS = { gold: '#78350f', silver: '#1e293b', bronze: '#431407' };

type Opacities<N extends number, Acc extends number[] = []> = Acc['length'] extends N
  ? Readonly<Acc>
  : Opacities<N, [...Acc, number]>;

/** The same metal and ink in both schemes (the ink sits on the metal); `tint`: each row tint's opacity. */
export function medals(tint: { gold: number; silver: number; bronze: number }) {
  const medal = (from: string, to: string, ink: string, rgb: string, opacity: number) => ({
    medal: `linear-gradient(135deg, ${from} 0%, ${to} 100%)`,
    ink,
    bar: to,
    tint: `rgba(${rgb}, ${opacity})`,
  });
  return {
    gold: medal('#fde68a', '#f59e0b', MEDAL_INKS.gold, '245, 158, 11', tint.gold),
    silver: medal('#f1f5f9', '#94a3b8', MEDAL_INKS.silver, '148, 163, 184', tint.silver),
    bronze: medal('#fed7aa', '#c2773b', MEDAL_INKS.bronze, '194, 119, 59', tint.bronze),
  };
}

/** The washes of a scheme's own colours, by opacity. */
export function tints(
  colors: { primary: string; success: string; ink: string },
  [primary, primaryStrong, primaryFaint, success, successBorder, track]: Opacities<6>,
) {
  return {
    primary: alpha(colors.primary, primary),
    primaryStrong: alpha(colors.primary, primaryStrong),
    primaryFaint: alpha(colors.primary, primaryFaint),
    success: alpha(colors.success, success),
    successBorder: alpha(colors.success, successBorder),
    track: alpha(colors.ink, track),
  };
}

/** A scheme's shadows, by opacity (`edge`: the line under cards, panels and soft surfaces). */
export function shadows(
  colors: { ink: string; bubble: string },
  [raised, bubble, medal, edge, card, panel, soft]: Opacities<7>,
) {
  const under = (drop: string, opacity: number) =>
    `0 1px 2px ${alpha(colors.ink, edge)}, ${drop} ${alpha(colors.ink, opacity)}`;
  return {
    raised: `0 1px 4px ${alpha(colors.ink, raised)}`,
    bubble: `0 4px 14px ${alpha(colors.bubble, bubble)}`,
    medal: `0 1px 3px ${alpha(colors.ink, medal)}, inset 0 1px 0 rgba(255, 255, 255, 0.6)`,
    card: under('0 12px 32px', card),
    panel: under('0 16px 40px', panel),
    soft: under('0 8px 24px', soft),
  };
}

/** `color` at `opacity`; unlike MUI's `alpha` it takes CSS variables, so one style serves both schemes. */
export function faded(color: string, opacity: number): string {
  return `color-mix(in srgb, ${color} ${Math.round(opacity * 100)}%, transparent)`;
}
