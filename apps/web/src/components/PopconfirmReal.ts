import { Popconfirm as AntdPopconfirm } from 'antd';

/** antd's Popconfirm: the chunk LazyPopconfirm loads. */
export const Popconfirm = AntdPopconfirm;
