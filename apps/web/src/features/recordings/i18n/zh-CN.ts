/** zh-CN texts of recordings (namespace `recordings`). */
const zhCN = {
  common: {
    search: '查询',
    reset: '重置',
    actions: '操作',
    download: '下载',
    play: '播放',
    total: '共 {{total}} 条',
    dateRange: '日期范围',
    all: '全部',
  },
  orders: {
    orderNo: '订单号',
    scanHint: '扫码或输入后回车',
  },
  recordings: {
    title: '录像管理',
    kind: '类型',
    fileName: '文件名',
    size: '大小',
    duration: '时长',
    uploadedAt: '上传时间',
    uploadedBy: '上传人',
    loading: '正在加载录像…',
    playFailed: '录像加载失败',
  },
} as const;

export default zhCN;
