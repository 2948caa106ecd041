/** The Following page's query keys, apart from its queries for the same reason as public-results/keys.ts. */
export const followingKeys = {
  all: ['following'] as const,
  competitor: (id: number) => ['following', 'competitor', id] as const,
  department: (id: number) => ['following', 'department', id] as const,
};
