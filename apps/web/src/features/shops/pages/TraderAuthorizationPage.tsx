import { Alert, Card, Space, Typography } from 'antd';
import { useShopsT } from '../i18n';
import { useShopPlatform, useShops } from '../api';
import { AuthorizeShopButton, ShopList } from '../components/ShopList';

/** 商家授权: the authorised shops and the button that starts a Doudian authorisation. */
export default function TraderAuthorizationPage() {
  const t = useShopsT();
  const platform = useShopPlatform();
  // 需重新授权: a shop whose token could not be refreshed; its shipment write-backs wait for it
  const expired = (useShops().data?.list ?? []).filter((s) => s.status === 'expired');
  return (
    <div className="merchant-page">
      <Card title={t('shops.shops')} extra={<AuthorizeShopButton />}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {expired.length > 0 && (
            <Alert type="error" showIcon title={t('shops.reauthNeeded', { shops: expired.map((s) => s.shop_name).join('、') })} data-testid="shop-reauth" />
          )}
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
