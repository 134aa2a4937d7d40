// Every server test file runs against its own copy of the template database (see database-template.ts).
process.env.TZ ??= 'UTC';
