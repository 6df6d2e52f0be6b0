/**
 * The three antd exports the static toast/confirm fallback in ui.ts needs. ui.ts loads this module
 * on demand rather than `import('antd')`: a dynamic import of the antd barrel whose namespace is
 * used as a whole keeps every antd component in one shared chunk (~450 KB gzip), which every page
 * that shares antd code then loads.
 */
export { ConfigProvider, Modal, message } from 'antd';
