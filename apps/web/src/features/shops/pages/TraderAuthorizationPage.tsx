import { Alert, Card, Space, Typography } from 'antd';
import { useShopsT } from '../i18n';
import { useShopPlatform } from '../api';
import { AuthorizeShopButton, ShopList } from '../components/ShopList';

/** 商家授权: the authorised shops and the button that starts a Doudian authorisation. */
export default function TraderAuthorizationPage() {
  const t = useShopsT();
  const platform = useShopPlatform();
  return (
    <div className="merchant-page">
      <Card title={t('shops.shops')} extra={<AuthorizeShopButton />}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {platform.data?.demo && <Alert type="warning" showIcon title={t('shops.demoPlatform')} data-testid="demo-platform" />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('shops.authHint')}
          </Typography.Paragraph>
          <ShopList />
        </Space>
      </Card>
    </div>
  );
}
