import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { initials } from '../lib/formatters.ts';

type PersonAvatarProps = {
  /** Image URL; '' or undefined shows the initials. */
  src: string | undefined;
  /** The name the initials come from (first letters of the first two words). */
  name: string;
  size: number;
  variant?: 'circular' | 'rounded';
  sx?: SxProps<Theme>;
};

/** A person's or company's image, or their initials on the brand colour when there is none. */
export function PersonAvatar({ src, name, size, variant = 'circular', sx }: PersonAvatarProps) {
  return (
    <Avatar
      src={src || undefined}
      alt=""
      variant={variant}
      sx={[
        { width: size, height: size, bgcolor: 'primary.main', fontSize: Math.round(size * 0.4) },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {/* Without a name (a record being created) MUI's own person icon stands in for the initials. */}
      {initials(name) || undefined}
    </Avatar>
  );
}
