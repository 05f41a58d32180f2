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

function luminance(color: string): number {
  const [r, g, b] = parseHex(color).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHsl([r, g, b]: readonly number[]): [number, number, number] {
  const [rn, gn, bn] = [r! / 255, g! / 255, b! / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: readonly [number, number, number]): number[] {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)].map((c) => c * 255);
}

/**
 * The theme colour darkened (same hue and saturation, lightness down in 1% steps) until text in it
 * reads at WCAG AA (4.5:1) on `background`, and white text on it does too. The default background
 * is the palest tint antd puts behind primary-coloured text (a selected menu item, a "processing"
 * tag), so the shade also holds on plain white. #409EFF itself gives 2.8:1: links, primary buttons
 * and tags used to fail.
 */
export function readableShade(color: string, background = '#e6f4ff', minContrast = 4.5): string {
  const [h, s, l] = toHsl(parseHex(color));
  for (let step = l; step > 0; step -= 0.01) {
    const shade = toHex(fromHsl([h, s, step]));
    if (contrastRatio(shade, background) >= minContrast && contrastRatio(shade, '#ffffff') >= minContrast) return shade;
  }
  return '#000000';
}

/** The theme colour as drawn: text, links and primary buttons (see readableShade). */
export const themeTextColor = readableShade(settings.themeColor);

/** Nine lighter (mixed with white) and nine darker (mixed with black) shades, 10% to 90%. */
export function themeShades(color: string): { lighter: string[]; darker: string[] } {
  const rgb = parseHex(color);
  const steps = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n / 10);
  return {
    lighter: steps.map((p) => toHex(rgb.map((c) => c + (255 - c) * p))),
    darker: steps.map((p) => toHex(rgb.map((c) => c * (1 - p)))),
  };
}

/**
 * Publishes the readable theme colour (--mbo-theme) and the shades of the configured one as CSS
 * variables (--mbo-theme-light-1..9, --mbo-theme-dark-1..9) for the app's own styles.
 */
export function applyThemeVariables(root: HTMLElement = document.documentElement): void {
  const { lighter, darker } = themeShades(settings.themeColor);
  root.style.setProperty('--mbo-theme', themeTextColor);
  lighter.forEach((color, i) => root.style.setProperty(`--mbo-theme-light-${i + 1}`, color));
  darker.forEach((color, i) => root.style.setProperty(`--mbo-theme-dark-${i + 1}`, color));
}
