import { useState } from 'react';
import { Badge, Button, Modal, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore, type ErrorLogEntry } from '../app/stores/errorLog';
import { ResponsiveTable } from '../components/ResponsiveTable';

/**
 * Badge with the number of captured errors and a dialog listing error, component, info, url (its
 * own chunk: loaded only once an error has been captured).
 */
export default function ErrorLogDialog({ logs }: { logs: ErrorLogEntry[] }) {
  const { t } = useTranslation();
  const clear = useErrorLogStore((s) => s.clear);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('navbar.errorLog')} placement="bottom">
        <Badge count={logs.length} size="small" className="errorLog-container">
          <BugOutlined className="navbar-icon navbar-icon--danger" role="button" aria-label={t('navbar.errorLog')} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        }
      >
        <ResponsiveTable<ErrorLogEntry & { key: number }>
          size="small"
          pagination={false}
          dataSource={logs.map((l, i) => ({ ...l, key: i }))}
          columns={[
            { title: t('errorLog.error'), dataIndex: 'error', render: (v: string) => <span style={{ color: '#ff4d4f' }}>{v}</span> },
            { title: t('errorLog.component'), dataIndex: 'component', width: 140 },
            { title: t('errorLog.info'), dataIndex: 'info' },
            { title: t('errorLog.url'), dataIndex: 'url', width: 240 },
          ]}
        />
      </Modal>
    </>
  );
}
