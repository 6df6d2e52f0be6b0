/**
 * antd's Tag.CheckableTag and Tag.CheckableTagGroup, loaded when first rendered (this app shows
 * none today). antd's Tag module attaches them statically, which put them on every page with a tag.
 */
import { lazyPart } from './lazyPart.js';

export const CheckableTag = lazyPart(() => import('antd/es/tag/CheckableTag'));
export const CheckableTagGroup = lazyPart(() => import('antd/es/tag/CheckableTagGroup'));
