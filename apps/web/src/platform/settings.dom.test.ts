import { describe, expect, it } from 'vitest';
import { applyThemeVariables, contrastRatio, readableShade, settings, themeShades, themeTextColor } from './settings';

describe('settings', () => {
  it('holds the product settings of spec §3', () => {
    expect(settings).toMatchObject({ dynamicTitle: true, themeColor: '#409EFF', sideTheme: 'light', fixedHeader: true, sidebarLogo: true });
  });

  it('derives nine lighter and nine darker theme shades, 10% to 90%', () => {
    const { lighter, darker } = themeShades('#409EFF');
    expect(lighter).toHaveLength(9);
    expect(darker).toHaveLength(9);
    expect(lighter[0]).toBe('#53a8ff');
    expect(lighter[8]).toBe('#ecf5ff');
    expect(darker[0]).toBe('#3a8ee6');
    expect(darker[8]).toBe('#061019');
  });

  it('publishes them as CSS variables', () => {
    applyThemeVariables();
    expect(document.documentElement.style.getPropertyValue('--mbo-theme-light-9')).toBe('#ecf5ff');
  });

  it('draws the theme colour in a shade that reads at WCAG AA on white and on its palest tint', () => {
    expect(contrastRatio('#409EFF', '#ffffff')).toBeLessThan(3);
    expect(themeTextColor).toBe('#006bd9');
    expect(contrastRatio(themeTextColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(themeTextColor, '#e6f4ff')).toBeGreaterThanOrEqual(4.5);
    // A colour that already reads well is kept as it is.
    expect(readableShade('#0958d9')).toBe('#0958d9');
    applyThemeVariables();
    expect(document.documentElement.style.getPropertyValue('--mbo-theme')).toBe('#006bd9');
  });
});
