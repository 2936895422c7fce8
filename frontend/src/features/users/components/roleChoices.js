// The roles an admin gives an account (lib/roles.js), as the Users page words them.
export const ROLE_CHOICES = [
  { id: 'staff', label: 'Staff' },
  { id: 'admin', label: 'Admin' },
  { id: 'customer', label: 'Customer' },
];
