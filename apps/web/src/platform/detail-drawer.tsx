import { Drawer, type DrawerProps } from 'antd';
import { useIsMobile } from './use-is-mobile';

/**
 * A screen's side drawer (a row's detail, an editor): `width` wide, the whole width on a phone, and
 * what it showed dropped when it closes, so that each opening starts from fresh data.
 */
export function DetailDrawer({ width, ...drawer }: Omit<DrawerProps, 'size' | 'width' | 'destroyOnHidden'> & { width: number }) {
  const isMobile = useIsMobile();
  return <Drawer {...drawer} size={isMobile ? '100%' : width} destroyOnHidden />;
}
