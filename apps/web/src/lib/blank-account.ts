/**
 * What a new capo area's or rivenditore's create form starts from: every field of the person, the address, the
 * contacts and the account empty, with no provinces and no login yet.
 */
export function blankAccount() {
  return {
    uuid: '',
    name: '',
    lastname: '',
    ragsoc: '',
    piva: '',
    codfis: '',
    address: '',
    city: '',
    cap: '',
    state: '',
    phone: '',
    cell: '',
    email: '',
    website: '',
    username: '',
    provs: [] as string[],
    img: '',
    stato: 'none' as const,
  };
}
