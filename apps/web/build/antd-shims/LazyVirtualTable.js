/**
 * antd's virtual table body (`<Table virtual>`), loaded when a virtual table first renders. No
 * list of this app is virtual today; antd's Table imports it statically, which put the virtual
 * table on every page with a table. The ref (the table's scrollTo handle) passes through.
 */
import { lazyPart } from './lazyPart.js';

export default lazyPart(() => import('antd/es/table/RcTable/VirtualTable'));
