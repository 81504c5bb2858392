import { useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import { PartnersListScreen } from '../../../features/partners/components/partners-list-screen.tsx';

/** /capoarea/partner : the area manager's partners, with their renewal and expiry; add, edit, delete. */
export function CapoareaPartnerPage() {
  const navigate = useNavigate();
  return (
    <PartnersListScreen
      area="capoarea"
      actions={[
        {
          label: 'AGGIUNGI PARTNER',
          icon: <AddIcon />,
          primary: true,
          onClick: () => navigate('/capoarea/newpartner'),
        },
      ]}
    />
  );
}
