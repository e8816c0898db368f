export function findChromium(options?: { install?: boolean }): string
