/** A member's role as a small badge in the role's colour (profiles, the roles pages). */
export interface RoleBadgeData {
  id: number;
  name: string;
  color: string;
}

export function RoleBadge({ role }: { role: RoleBadgeData }) {
  return (
    <span className="role-badge" style={{ borderColor: role.color }}>
      <span className="role-dot" style={{ backgroundColor: role.color }} aria-hidden="true" />
      {role.name}
    </span>
  );
}

export function RoleBadges({ roles, label = "Роли" }: { roles: readonly RoleBadgeData[]; label?: string }) {
  if (!roles.length) return null;
  return (
    <ul className="role-badges" aria-label={label}>
      {roles.map((role) => (
        <li key={role.id}>
          <RoleBadge role={role} />
        </li>
      ))}
    </ul>
  );
}
