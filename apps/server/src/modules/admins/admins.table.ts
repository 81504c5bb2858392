export interface AdminsTable {
  uuid: string;
  user_uuid: string;
  name: string;
  lastname: string;
  email: string;
  phone: string;
  img: string;
  created_at: string;
  updated_at: string;
}
