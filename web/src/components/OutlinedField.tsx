/** MUI's TextField, under the name the forms import. */
export { default as TextField } from '@mui/material/TextField';
