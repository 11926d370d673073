// Vite's `?raw` imports (text files in tests; shared/ compiles without DOM or Node types).
declare module '*?raw' {
  const text: string;
  export default text;
}
