// The assistant feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { AssistantChat } from './components/assistant-chat';
