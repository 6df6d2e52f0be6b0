import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of recordings; the type keeps every zh-CN key translated. */
const enUS: Texts<typeof zhCN> = {
  common: {
    search: 'Search',
    reset: 'Reset',
    actions: 'Actions',
    download: 'Download',
    play: 'Play',
    total: '{{total}} in total',
    dateRange: 'Date range',
    all: 'All',
  },
  orders: {
    orderNo: 'Order no.',
    scanHint: 'Scan or type, then Enter',
  },
  recordings: {
    title: 'Recordings',
    kind: 'Kind',
    fileName: 'File',
    size: 'Size',
    duration: 'Duration',
    uploadedAt: 'Uploaded',
    uploadedBy: 'Uploaded by',
    loading: 'Loading the recording…',
    playFailed: 'The recording could not be loaded',
  },
};

export default enUS;
