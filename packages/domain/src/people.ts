// How a person is named on screen. No schemas here: the signed-in layout shows these on every
// screen, and a module of zod schemas costs the first screen the time to build them (issue #37).

/** Full name, or the username when either name is missing (user management card rule). */
export function displayName(user: { username: string; firstName?: string | null; lastName?: string | null }): string {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.username;
}

/** Avatar letter: first letter of the first name, else of the username, else U. */
export function avatarLetter(user: { username?: string | null; firstName?: string | null } | null): string {
  const source = user?.firstName || user?.username || "U";
  return source.charAt(0).toUpperCase();
}

export function initials(user: { username: string; firstName?: string | null; lastName?: string | null }): string {
  if (user.firstName && user.lastName) return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return user.username.slice(0, 2).toUpperCase();
}
