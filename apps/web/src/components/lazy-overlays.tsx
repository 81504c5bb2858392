import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { DialogProps } from '@mui/material/Dialog';
import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { SnackbarProps } from '@mui/material/Snackbar';

/*
 * MUI's overlays (menus, dialogs, the phone's drawer, the snackbar) bring Modal, Popover, the focus trap and their
 * transitions, which nothing shows before somebody opens one: these wrappers fetch each with its first opening, so a
 * screen paints without them (docs/decisions/0008-front-end-weight.md). Each takes the props of the MUI component it
 * stands for. Tooltips are not among them: a tooltip's child is on the page from the start, and swapping it for the
 * loaded Tooltip remounted it under the pointer, which lost the click that had brought the tooltip.
 */

/** A component that renders nothing until its `open` is first true, then the loaded component from then on. */
function openedOnce<P extends { open?: boolean | undefined }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Loaded = lazy(load);
  return function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(props.open === true);
    if (props.open === true && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

export const LazyMenu = openedOnce<MenuProps>(() => import('@mui/material/Menu'));
export const LazyDialog = openedOnce<DialogProps>(() => import('@mui/material/Dialog'));
/** The phone's temporary drawer (a modal); the permanent one of a wide screen is no overlay and needs none of it. */
export const LazyDrawer = openedOnce<DrawerProps>(() => import('@mui/material/Drawer'));
export const LazySnackbar = openedOnce<SnackbarProps>(() => import('@mui/material/Snackbar'));
