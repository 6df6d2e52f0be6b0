export { LabelDesigner, type LabelDesignerProps } from './LabelDesigner';
export type { MaxLengths } from './Panel';
export { reducer as designerReducer, moveItems, resizeItem, addItems, deleteItems, cloneItems, type DesignerState, type Action as DesignerAction } from './store';
export { snapMove, snapLines, boundsOf, intersects, type Rect } from './geometry';
