export function typicalMarkdown(bytes: number): string
export const PATHOLOGICAL: { name: string; make: (bytes: number) => string; status: number }[]
