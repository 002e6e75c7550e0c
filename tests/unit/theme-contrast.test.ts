import { createTheme, decomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme, tooltip } from '../../src/admin/theme';

/** A CSS colour (#rgb, #rrggbb, rgb() or rgba()) as sRGB channels, any transparency over `ground`. */
function channels(color: string, ground = '#ffffff'): number[] {
  const { type, values } = decomposeColor(color);
  const rgb = values.slice(0, 3);
  const alpha = type === 'rgba' ? (values[3] ?? 1) : 1;
  if (alpha === 1) return rgb;
  const under = channels(ground);
  return rgb.map((c, i) => c * alpha + under[i]! * (1 - alpha));
}

/** WCAG 2.2's relative luminance. */
function luminance(color: string, ground?: string): number {
  const [r, g, b] = channels(color, ground)
    .map((c) => c / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.2's contrast ratio of a colour over a ground, from 1 to 21. */
function contrast(color: string, ground: string): number {
  const [light, dark] = [luminance(color, ground), luminance(ground)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const { palette } = createTheme(theme);
const COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
/** Text at normal size needs 4.5:1 (success criterion 1.4.3). */
const TEXT = 4.5;

describe("the theme's colours meet WCAG 2.2 AA", () => {
  it('computes contrast with WCAG’s formula', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#ffffff')).toBe(1);
    // Black at 60% over white is #666666: 5.74:1.
    expect(contrast('rgba(0, 0, 0, 0.6)', '#ffffff')).toBeCloseTo(5.74, 2);
    // MUI's own warning under white text, as axe measured it on the chips: 3.11:1.
    expect(contrast('#ed6c02', '#ffffff')).toBeCloseTo(3.11, 2);
  });

  it.each(COLORS)('%s: its text on a filled chip or button reads at 4.5:1', (name) => {
    const { main, contrastText } = palette[name];
    expect(contrast(main, contrastText), `${main} under ${contrastText}`).toBeGreaterThanOrEqual(
      TEXT,
    );
  });

  it.each(COLORS)(
    '%s: as text of an outlined chip or button it reads at 4.5:1 on the paper and the page',
    (name) => {
      const { main } = palette[name];
      for (const ground of [palette.background.paper, palette.background.default]) {
        expect(contrast(main, ground), `${main} on ${ground}`).toBeGreaterThanOrEqual(TEXT);
      }
    },
  );

  it("marks the top bar's active link with white text at 4.5:1", () => {
    const { dark, contrastText } = palette.primary;
    expect(contrast(dark, contrastText)).toBeGreaterThanOrEqual(TEXT);
    // The bar itself: the other links are white on the primary colour.
    expect(contrast(palette.primary.main, contrastText)).toBeGreaterThanOrEqual(TEXT);
  });

  it('writes tooltips at 4.5:1 on an opaque ground, whatever is under them', () => {
    expect(decomposeColor(tooltip.background).type).toBe('rgb');
    expect(contrast(tooltip.text, tooltip.background)).toBeGreaterThanOrEqual(TEXT);
    // MUI's own, 92% grey over the page, as axe measured it: 4.47:1.
    expect(contrast('#fafafa', '#747474')).toBeLessThan(TEXT);
  });

  it('keeps secondary text readable on the paper and the page', () => {
    for (const ground of [palette.background.paper, palette.background.default]) {
      expect(contrast(palette.text.secondary, ground)).toBeGreaterThanOrEqual(TEXT);
    }
  });
});
