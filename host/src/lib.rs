//! microply host library.
