// What other features use of users: the user list.
export { usersApi, usersKeys } from './api/users-api.ts';
