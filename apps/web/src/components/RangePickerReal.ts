import { DatePicker } from 'antd';

/** antd's RangePicker (rc-picker, its panels, dayjs plugins): the chunk LazyRangePicker loads. */
export const RangePicker = DatePicker.RangePicker;
