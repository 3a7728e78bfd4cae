// Vite's `?raw` imports: fixture files read as strings.
declare module '*?raw' {
  const text: string
  export default text
}
