import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { AuditEntity } from '@portal/shared/schemas/audit';
import { RecordHistory } from './record-history.tsx';

/**
 * A record's page for the admin: its form ('Scheda') and its history ('Storico'). The tab is in the URL
 * (vista=storico), so a reload or a shared link opens the same one.
 */
export function RecordWithHistory({
  entity,
  id,
  children,
}: {
  entity: AuditEntity;
  id: string | undefined;
  children: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('vista') === 'storico' && id ? 'storico' : 'scheda';
  const choose = (next: string) => setParams(next === 'storico' ? { vista: 'storico' } : {}, { replace: true });
  return (
    <>
      {id && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs value={tab} onChange={(_e, next: string) => choose(next)} aria-label="Sezioni della scheda">
            <Tab value="scheda" label="Scheda" />
            <Tab value="storico" label="Storico" />
          </Tabs>
        </Box>
      )}
      {tab === 'storico' && id ? <RecordHistory entity={entity} id={id} /> : children}
    </>
  );
}
