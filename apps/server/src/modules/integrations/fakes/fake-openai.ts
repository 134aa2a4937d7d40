// The fake OpenAI moved to the server's test kit (it streams too, for the AI assist).
export { startFakeOpenAi } from '../../../../test/fake-openai.ts';
