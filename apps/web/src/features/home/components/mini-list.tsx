import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export type MiniListItem = { key: string; to: string; primary: string; secondary: ReactNode; start?: ReactNode };

/** A home's mini list (home widgets): a title and a few rows leading to their screens. */
export function MiniList({
  title,
  items,
  empty,
  loading,
}: {
  title: string;
  items: readonly MiniListItem[] | undefined;
  empty: string;
  loading?: boolean;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {items === undefined || loading ? (
        <Skeleton variant="rounded" height={120} role="progressbar" aria-label="Caricamento" />
      ) : items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton component={RouterLink} to={item.to} sx={{ borderRadius: 1, gap: 1.5 }}>
                {item.start}
                <ListItemText
                  primary={item.primary}
                  secondary={item.secondary}
                  slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
