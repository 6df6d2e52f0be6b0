/**
 * `isBright` of antd's color-picker/components/ColorPresets, for the tag and button styles.
 * Imported from its own module so those styles do not tie the preset panel of the ColorPicker
 * (and antd's Collapse) to every page that shows a Tag or a Button. Same code as antd 6.6.
 */
import { Color as RcColor } from '@rc-component/color-picker/es/color';

export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
