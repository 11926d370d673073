/** The app's text field: MUI's own, under the name the forms import. */
export { default as TextField } from '@mui/material/TextField';
