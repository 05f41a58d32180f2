/**
 * Product settings (spec §3 Settings). Title and logo text are locale keys: every visible string
 * lives in the locale files.
 */
export const settings = {
  titleKey: 'app.title',
  logoTextKey: 'app.logoText',
  dynamicTitle: true,
  themeColor: '#409EFF',
  sideTheme: 'light',
  fixedHeader: true,
  sidebarLogo: true,
  /** antd's name for the default control size. */
  size: 'middle',
  errorLog: 'production',
} as const;

function parseHex(color: string): [number, number, number] {
  const hex = color.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Nine lighter (mixed with white) and nine darker (mixed with black) shades, 10% to 90%. */
export function themeShades(color: string): { lighter: string[]; darker: string[] } {
  const rgb = parseHex(color);
  const steps = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n / 10);
  return {
    lighter: steps.map((p) => toHex(rgb.map((c) => c + (255 - c) * p))),
    darker: steps.map((p) => toHex(rgb.map((c) => c * (1 - p)))),
  };
}

/** Publishes the shades as CSS variables (--mbo-theme-light-1..9, --mbo-theme-dark-1..9) for the app's own styles. */
export function applyThemeVariables(root: HTMLElement = document.documentElement): void {
  const { lighter, darker } = themeShades(settings.themeColor);
  root.style.setProperty('--mbo-theme', settings.themeColor);
  lighter.forEach((color, i) => root.style.setProperty(`--mbo-theme-light-${i + 1}`, color));
  darker.forEach((color, i) => root.style.setProperty(`--mbo-theme-dark-${i + 1}`, color));
}
