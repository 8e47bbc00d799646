import type { CustomerRole } from '@larder/contract';

export const ROLE_LABELS: Record<CustomerRole, string> = {
  customer: 'Customer',
  wholesale_customer: 'Wholesale customer',
  administrator: 'Administrator',
  shop_manager: 'Shop manager',
};

/** The role filter's choices, `all` first. */
export const ROLE_FILTER_OPTIONS = [
  { value: 'all', label: 'All roles' },
  ...(Object.entries(ROLE_LABELS) as Array<[CustomerRole, string]>).map(([value, label]) => ({
    value,
    label,
  })),
];

/** The roles an owner may give an account here (owners are made on the command line). */
export const ASSIGNABLE_ROLES = [
  { code: 'customer', name: ROLE_LABELS.customer },
  { code: 'wholesale_customer', name: ROLE_LABELS.wholesale_customer },
] as const;
