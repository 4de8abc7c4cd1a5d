// Stands in for modules a layer may not import (see the tsconfig "paths" that point here). Importing them is a type error.
export {}
