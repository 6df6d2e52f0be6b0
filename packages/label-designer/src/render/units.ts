/** C-Lodop and CSS both use 96 px per inch. */
export const PX_PER_MM = 96 / 25.4;
export const mmToPx = (mm: number): number => mm * PX_PER_MM;
export const pxToMm = (px: number): number => px / PX_PER_MM;
export const mmToPt = (mm: number): number => (mm * 72) / 25.4;
