import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** The toolbar search (placeholder Cerca). A later issue wires /api/ricerca and the 3-character rule. */
export function SearchBox() {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => event.preventDefault()}
      sx={{ flex: 1, minWidth: 0, maxWidth: 420 }}
    >
      <TextField
        name="pricerca"
        placeholder="Cerca"
        size="small"
        fullWidth
        autoComplete="off"
        slotProps={{
          htmlInput: { 'aria-label': 'Cerca', type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            sx: { minHeight: 40, backgroundColor: 'action.hover' },
          },
        }}
      />
    </Box>
  );
}
