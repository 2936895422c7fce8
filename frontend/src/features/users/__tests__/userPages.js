// GET /api/auth/users as the server answers it: one page of people and its pagination.
export function usersAnswer(users, { nextCursor = null, page = 1, totalItems = users.length } = {}) {
  return {
    status: 200,
    body: {
      users,
      pagination: { page, limit: 50, totalItems, totalPages: Math.ceil(totalItems / 50), hasNextPage: Boolean(nextCursor), nextCursor },
    },
  };
}
