/** Roles and what each may do live in @app/contracts (the console needs the same matrix). */
export { OPERATOR_ROLES, hasPermission, type OperatorPermission, type OperatorRole } from '@app/contracts';
