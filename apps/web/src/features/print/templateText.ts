import type { TemplateItem } from '@gemqc/label-designer';

/**
 * A fixed text item of the built-in print templates (order sheet, batch list): not editable in the
 * designer, `{field}` placeholders in its value, default style with the given font size.
 */
export function fixedText(uuid: string, left: number, top: number, width: number, height: number, value: string, style: TemplateItem['style'] = {}, fontSize = 9): TemplateItem {
  return {
    uuid,
    type: 'braid-txt',
    name: '',
    isEdit: false,
    dragable: true,
    resizable: true,
    width,
    height,
    left,
    top,
    title: value,
    value,
    defaultValue: '',
    style: { zIndex: 0, FontSize: fontSize, FontColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0, ...style },
  };
}
