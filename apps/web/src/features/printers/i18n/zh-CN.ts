/** zh-CN texts of the printer configuration (namespace `printers`). */
const zhCN = {
  title: '打印机配置',
  intro: '打印机列表来自本机的 C-Lodop 打印服务。每种打印设备选一台打印机，保存后本机和服务器都会记住；打印时自动使用。',
  kind: {
    base_printer: '标签打印机',
    base_printer_hint: '打印证书标签、订单单据和批次清单',
    logistic_printer_device: '面单打印机',
    logistic_printer_device_hint: '打印快递面单',
  },
  choose: '请选择打印机',
  defaultPrinter: '（系统默认打印机）',
  saved: '已保存',
  savedOn: '服务器记录：{{name}}',
  notSet: '未设置，将使用系统默认打印机',
  notInList: '本机打印机列表里没有“{{name}}”，请重新选择',
  save: '保存',
  clear: '清除',
  cleared: '已清除',
  refresh: '刷新打印机列表',
  checking: '正在连接本机 C-Lodop 打印服务…',
  ready: 'C-Lodop 已连接（版本 {{version}}），本机共 {{count}} 台打印机',
  noPrinters: '本机没有可用的打印机',
  download: '下载 C-Lodop',
  reload: '刷新页面',
  restart: '启动 C-Lodop',
  retry: '重新检测',
  browserFallback: '没有 C-Lodop 也可以用浏览器打印或下载 PDF。',
  templates: '标签模板',
  templatesHint: '设计证书标签、订单单据和批次清单的打印模板，并用示例数据试打印。',
  openTemplates: '管理标签模板',
  testPage: '打印测试页',
  testPageTitle: 'GemQC 打印测试页',
  testPageSent: '测试页已发送到打印机',
  manualName: '手动填写打印机名称',
} as const;

export type PrintersDict = { [K in keyof typeof zhCN]: (typeof zhCN)[K] extends string ? string : { [P in keyof (typeof zhCN)[K]]: string } };
export default zhCN;
