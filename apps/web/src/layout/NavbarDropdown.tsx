import { useState, type ReactElement } from 'react';
import { Dropdown, Tooltip, type DropdownProps } from 'antd';

/**
 * A navbar icon that opens a click menu and has a tooltip. The tooltip sits below the icon, where
 * the menu opens: it is hidden while the menu is open (and stays hidden until the pointer enters
 * the icon again), so it never covers the menu's first entry.
 */
export function NavbarDropdown({ title, menu, children }: { title: string; menu: DropdownProps['menu']; children: ReactElement }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [tipOpen, setTipOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      menu={menu}
      open={menuOpen}
      onOpenChange={(open) => {
        setMenuOpen(open);
        if (open) setTipOpen(false);
      }}
    >
      <Tooltip title={title} placement="bottom" open={tipOpen && !menuOpen} onOpenChange={(open) => setTipOpen(open && !menuOpen)}>
        {children}
      </Tooltip>
    </Dropdown>
  );
}
