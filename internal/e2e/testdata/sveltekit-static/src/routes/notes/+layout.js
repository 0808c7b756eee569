// The notes are written as folders: notes/index.html, linked as /notes/.
export const trailingSlash = 'always';
