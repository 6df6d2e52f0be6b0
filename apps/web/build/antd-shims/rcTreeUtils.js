/**
 * The four tree helpers antd's table selection uses, without @rc-component/tree's index (which
 * imports the Tree component and ties it to every page with a selectable table). arrAdd/arrDel are
 * the same code as @rc-component/tree/es/util.js, whose module also imports TreeNode.
 */
export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';

export function arrDel(list, value) {
  if (!list) return [];
  const clone = list.slice();
  const index = clone.indexOf(value);
  if (index >= 0) clone.splice(index, 1);
  return clone;
}

export function arrAdd(list, value) {
  const clone = (list || []).slice();
  if (clone.indexOf(value) === -1) clone.push(value);
  return clone;
}
