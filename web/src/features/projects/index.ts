// The projects feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { useProjects } from './api/projects';
export { addToProjectColumn } from './components/add-keyword-toggle';
export { addUrlColumn } from './components/add-url-button';
export { AddSelectedToOutreach, addToOutreachColumn, type OutreachTarget } from './components/add-to-outreach';
export { AddToProjectButton } from './components/select-project-modal';
export { SidePanel } from './components/side-panel';
export { ProjectPanelProvider } from './panel-context';
