import {
  AuditOutlined,
  BarChartOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HomeOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../app/types';

const ICONS: Record<MenuIcon, ReactNode> = {
  order: <FileTextOutlined />,
  warehouse: <HomeOutlined />,
  account: <UserOutlined />,
  setting: <SettingOutlined />,
  finance: <WalletOutlined />,
  shop: <ShopOutlined />,
  auth: <SafetyCertificateOutlined />,
  report: <BarChartOutlined />,
  log: <FileSearchOutlined />,
};

/** Top-level items always get an icon; nested items only when their route names one. */
export function menuIcon(name: MenuIcon | undefined, topLevel: boolean): ReactNode {
  if (name) return ICONS[name];
  return topLevel ? <AuditOutlined /> : undefined;
}
