/**
 * antd's Radio for the table's single-choice row selection, loaded when a table with
 * `rowSelection.type: 'radio'` first renders; until then the cell is empty. antd's Table imports
 * Radio statically, which put it on every page with a table (checkbox selection is the common one).
 */
import { lazyPart } from './lazyPart.js';

export default lazyPart(() => import('antd/es/radio'));
